print("collage")
